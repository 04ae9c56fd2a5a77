import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTED_WITHIN_OPTIONS } from '@shared/posted-within';
import { TagInput } from '../../../ui/TagInput';
import { fieldLabel, loose } from '../agent-text';
import { countryCode, countryName } from '../countries';
import { Checkbox, FieldError, NumberInput, SelectInput, type StepProps } from './wizard-fields';

/** The agent's "posted within" window (`datePosted`): only jobs this young are drafted. */
export function PostedWithinField(step: StepProps) {
  const { t } = useTranslation();
  const current = step.values.datePosted;
  const options: Array<{ value: string; label: string }> = POSTED_WITHIN_OPTIONS.map((value) => ({
    value,
    label: loose(t)(`agents.options.datePosted.${value}`),
  }));
  // A value an older release saved outside the list stays as it is.
  if (!(POSTED_WITHIN_OPTIONS as readonly string[]).includes(current)) options.push({ value: current, label: current });
  return (
    <SelectInput
      step={step}
      name="datePosted"
      label={fieldLabel(t, 'datePosted')}
      hint={t('agents.wizard.datePostedHint')}
      options={options}
    />
  );
}

/**
 * The client filters the runner applies (runner/criteria.ts): a verified payment method, a
 * minimum rating and spend, excluded countries. What a marketplace does not say passes.
 */
export function ClientFiltersFields(step: StepProps) {
  const { t, i18n } = useTranslation();
  const { values, set } = step;
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const [countryError, setCountryError] = useState<string | null>(null);
  const countriesId = step.fieldId('excludedCountries');
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('agents.wizard.clientFilters')}</legend>
      <p className="text-xs text-slate-600">{t('agents.wizard.clientFiltersHint')}</p>
      <Checkbox step={step} name="clientVerifiedOnly" label={fieldLabel(t, 'clientVerifiedOnly')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput
          step={step}
          name="clientMinRating"
          label={fieldLabel(t, 'clientMinRating')}
          hint={t('agents.wizard.clientMinRatingHint')}
          min={0}
          max={5}
          stepBy={0.1}
        />
        <NumberInput
          step={step}
          name="clientMinSpentUsd"
          label={fieldLabel(t, 'clientMinSpentUsd')}
          hint={t('agents.wizard.clientMinSpentHint')}
          min={0}
          max={10_000_000}
          stepBy={100}
        />
      </div>
      <div id={countriesId} tabIndex={-1} className="focus:outline-none">
        <TagInput
          label={fieldLabel(t, 'excludedCountries')}
          tags={values.excludedCountries}
          onChange={(tags) => {
            const codes: string[] = [];
            for (const tag of tags) {
              const code = countryCode(tag, language);
              if (!code) {
                setCountryError(t('agents.wizard.unknownCountry', { country: tag }));
                return;
              }
              if (!codes.includes(code)) codes.push(code);
            }
            setCountryError(null);
            set('excludedCountries', codes);
          }}
          display={(code) => `${code} · ${countryName(code, language)}`}
          removeLabel={(code) => t('agents.wizard.removeTag', { tag: countryName(code, language) })}
          addLabel={t('agents.wizard.addCountry')}
          hint={t('agents.wizard.excludedCountriesHint')}
        />
        {countryError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {countryError}
          </p>
        )}
        <FieldError step={step} name="excludedCountries" />
      </div>
    </fieldset>
  );
}
