import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS, DURATIONS, EXPERIENCE_LEVELS, FREELANCER_LANGUAGES, UPWORK_JOB_TYPES } from '@shared/schemas/agent';
import { RangeField } from '../../../ui/RangeField';
import { FloorPreview } from '../FloorPreview';
import { fieldLabel, optionLabel } from '../agent-text';
import { Checkbox, FieldError, NumberInput, SelectInput, type StepProps } from './wizard-fields';
import type { AgentFormValues } from '../agent-form';
import { ClientFiltersFields, PostedWithinField } from './ClientFiltersFields';

type NumberPair = { [K in keyof AgentFormValues]: AgentFormValues[K] extends number ? K : never }[keyof AgentFormValues];

/**
 * Step 2, Job Criteria: how young a job must be, Upwork's job type, experience, duration, rate or
 * budget range, preferred rate (or Freelancer.com's), the client filters and the minimum match score.
 */
export function StepCriteria(step: StepProps) {
  const { t } = useTranslation();
  const { values, set } = step;

  const floor = (
    <div className="space-y-5">
      <ClientFiltersFields {...step} />
      <div className="space-y-2">
        <NumberInput
          step={step}
          name="minMatchScore"
          label={fieldLabel(t, 'minMatchScore')}
          hint={t('agents.wizard.minMatchScoreHint')}
          min={AGENT_BOUNDS.minMatchScore.min}
          max={AGENT_BOUNDS.minMatchScore.max}
          stepBy={AGENT_BOUNDS.minMatchScore.step}
        />
        <FloorPreview fields={values} floor={values.minMatchScore} />
      </div>
    </div>
  );

  const range = (legend: string, [low, high]: [NumberPair, NumberPair], bounds: { min: number; max: number; step: number }) => (
    <div>
      <RangeField
        legend={legend}
        unit="USD"
        minLabel={fieldLabel(t, low)}
        maxLabel={fieldLabel(t, high)}
        bounds={bounds}
        value={[values[low] as number, values[high] as number]}
        invalid={step.invalid(low) || step.invalid(high)}
        openMax
        onChange={([a, b]) => {
          set(low, a as never);
          set(high, b as never);
        }}
      />
      <FieldError step={step} name={low} />
      <FieldError step={step} name={high} />
    </div>
  );

  if (values.platform === 'freelancer') {
    return (
      <div className="space-y-6">
        <PostedWithinField {...step} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t('agents.wizard.projectTypes')}</legend>
          <Checkbox step={step} name="freelancerIsHourly" label={fieldLabel(t, 'freelancerIsHourly')} />
          <Checkbox step={step} name="freelancerIsFixed" label={fieldLabel(t, 'freelancerIsFixed')} />
        </fieldset>
        {values.freelancerIsFixed &&
          range(t('agents.wizard.budgetRange'), ['freelancerMinBudget', 'freelancerMaxBudget'], AGENT_BOUNDS.freelancerBudget)}
        {values.freelancerIsHourly &&
          range(t('agents.wizard.hourlyRange'), ['freelancerHourlyRateMin', 'freelancerHourlyRateMax'], AGENT_BOUNDS.freelancerHourly)}
        <fieldset
          className="space-y-3"
          aria-describedby={step.invalid('freelancerLanguage') ? `${step.fieldId('freelancerLanguage')}-error` : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">{fieldLabel(t, 'freelancerLanguage')}</legend>
          <div className="grid grid-cols-2 gap-3">
            {FREELANCER_LANGUAGES.map((language, index) => {
              const id = index === 0 ? step.fieldId('freelancerLanguage') : `${step.fieldId('freelancerLanguage')}-${language}`;
              const checked = values.freelancerLanguage.includes(language);
              return (
                <div key={language} className="flex items-center gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      set(
                        'freelancerLanguage',
                        checked ? values.freelancerLanguage.filter((l) => l !== language) : [...values.freelancerLanguage, language],
                      )
                    }
                    className="size-5 shrink-0 accent-indigo-600"
                  />
                  <label htmlFor={id} className="text-sm text-slate-800">
                    {optionLabel(t, 'language', language)}
                  </label>
                </div>
              );
            })}
          </div>
          <FieldError step={step} name="freelancerLanguage" />
        </fieldset>
        {floor}
      </div>
    );
  }

  const jobType = values.upworkJobType;
  return (
    <div className="space-y-5">
      <PostedWithinField {...step} />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectInput
          step={step}
          name="upworkJobType"
          label={fieldLabel(t, 'upworkJobType')}
          placeholder={t('agents.options.select')}
          options={UPWORK_JOB_TYPES.map((v) => ({ value: v, label: optionLabel(t, 'upworkJobType', v) }))}
        />
        <SelectInput
          step={step}
          name="upworkExperienceLevel"
          label={fieldLabel(t, 'upworkExperienceLevel')}
          placeholder={t('agents.options.select')}
          options={EXPERIENCE_LEVELS.map((v) => ({ value: v, label: optionLabel(t, 'upworkExperienceLevel', v) }))}
        />
        <SelectInput
          step={step}
          name="upworkDuration"
          label={fieldLabel(t, 'upworkDuration')}
          placeholder={t('agents.options.select')}
          options={DURATIONS.map((v) => ({ value: v, label: optionLabel(t, 'upworkDuration', v) }))}
        />
      </div>
      {(jobType === 'hourly' || jobType === 'any') &&
        range(t('agents.wizard.hourlyRange'), ['upworkHourlyMinRate', 'upworkHourlyMaxRate'], AGENT_BOUNDS.upworkHourly)}
      {(jobType === 'fixed' || jobType === 'any') &&
        range(t('agents.wizard.fixedRange'), ['upworkFixedMinBudget', 'upworkFixedMaxBudget'], AGENT_BOUNDS.upworkFixed)}
      <NumberInput
        step={step}
        name="upworkPaymentRate"
        label={fieldLabel(t, 'upworkPaymentRate')}
        hint={t('agents.wizard.paymentRateHint')}
        min={AGENT_BOUNDS.upworkRate.min}
        max={AGENT_BOUNDS.upworkRate.max}
        stepBy={AGENT_BOUNDS.upworkRate.step}
      />
      {floor}
    </div>
  );
}
