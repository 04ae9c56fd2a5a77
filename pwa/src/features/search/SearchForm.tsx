import { useId, type FormEvent, type Ref } from 'react';
import { DURATIONS, EXPERIENCE_LEVELS, FREELANCER_LANGUAGES, UPWORK_JOB_TYPES } from '@shared/schemas/agent';
import { Button } from '../../ui/Button';
import { CheckboxRow } from '../../ui/CheckboxRow';
import { SelectField, TextField } from '../../ui/Field';
import { RangeField } from '../../ui/RangeField';
import { SEARCH_BOUNDS, type SearchFormProblem, type SearchFormValues } from './search-criteria';
import { useTranslation } from 'react-i18next';
import { PLATFORMS } from '@shared/marketplaces';

const checkClass =
  'size-5 shrink-0 rounded border-slate-400 text-indigo-600 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The search form (part 2, "Search Jobs"): title, platform, pages, and the chosen platform's criteria. */
export function SearchForm({
  values,
  onChange,
  onSubmit,
  busy,
  problem,
  formRef,
}: {
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  onSubmit: () => void;
  busy: boolean;
  problem: SearchFormProblem | null;
  formRef: Ref<HTMLFormElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) => onChange({ ...values, [key]: value });
  const invalid = (field: keyof SearchFormValues) => Boolean(problem?.fields.includes(field));
  const problemId = `${id}-problem`;
  const requiredError = problem?.key === 'required' ? t('search.validation.required') : undefined;
  const money = t('search.form.usd');
  const perHour = t('search.form.usdPerHour');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby={`${id}-heading`} className="space-y-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('search.form.heading')}
      </h2>
      <TextField
        label={t('search.form.title')}
        name="title"
        required
        aria-required="true"
        autoComplete="off"
        placeholder={t('search.form.titlePlaceholder')}
        value={values.title}
        maxLength={200}
        onChange={(e) => set('title', e.target.value)}
        error={invalid('title') ? requiredError : undefined}
      />

      <fieldset className="space-y-2" aria-describedby={invalid('platform') ? `${id}-platform-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('search.form.platform')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {PLATFORMS.map((platform) => (
            <label
              key={platform}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
                invalid('platform') ? 'border-red-600' : 'border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="platform"
                value={platform}
                required
                checked={values.platform === platform}
                onChange={() => set('platform', platform)}
                aria-invalid={invalid('platform') || undefined}
                className="size-4 accent-indigo-600 focus:outline-none"
              />
              {t(`platform.${platform}`)}
            </label>
          ))}
        </div>
        {invalid('platform') && requiredError && (
          <p id={`${id}-platform-error`} className="text-sm text-red-700">
            {requiredError}
          </p>
        )}
      </fieldset>

      <SelectField
        label={t('search.form.pageLimit')}
        name="pageLimit"
        value={String(values.pageLimit)}
        onChange={(e) => set('pageLimit', Number(e.target.value))}
        hint={t('search.form.pageLimitHint')}
      >
        {Array.from({ length: SEARCH_BOUNDS.pageLimit.max }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>

      {values.platform === 'upwork' && (
        <div className="space-y-5 border-t border-slate-200 pt-5">
          <h3 className="text-sm font-semibold text-slate-700">{t('search.form.upworkCriteria')}</h3>
          <SelectField
            label={t('search.form.jobType')}
            name="upworkJobType"
            value={values.upworkJobType}
            onChange={(e) => set('upworkJobType', e.target.value as SearchFormValues['upworkJobType'])}
          >
            {UPWORK_JOB_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`search.jobTypes.${type}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('search.form.experience')}
            name="upworkExperienceLevel"
            value={values.upworkExperienceLevel}
            onChange={(e) => set('upworkExperienceLevel', e.target.value as SearchFormValues['upworkExperienceLevel'])}
          >
            <option value="">{t('search.form.anyExperience')}</option>
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`search.experience.${level}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('search.form.duration')}
            name="upworkDuration"
            value={values.upworkDuration}
            onChange={(e) => set('upworkDuration', e.target.value as SearchFormValues['upworkDuration'])}
          >
            <option value="">{t('search.form.anyDuration')}</option>
            {DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {t(`search.durations.${duration}`)}
              </option>
            ))}
          </SelectField>
          {values.upworkJobType !== 'fixed' && (
            <RangeField
              openMax
              legend={t('search.form.hourlyRange')}
              minLabel={t('search.form.minHourly')}
              maxLabel={t('search.form.maxHourly')}
              bounds={SEARCH_BOUNDS.upworkHourly}
              value={values.upworkHourly}
              onChange={(v) => set('upworkHourly', v)}
              unit={perHour}
              invalid={invalid('upworkHourly')}
            />
          )}
          {values.upworkJobType !== 'hourly' && (
            <RangeField
              openMax
              legend={t('search.form.fixedRange')}
              minLabel={t('search.form.minFixed')}
              maxLabel={t('search.form.maxFixed')}
              bounds={SEARCH_BOUNDS.upworkFixed}
              value={values.upworkFixed}
              onChange={(v) => set('upworkFixed', v)}
              unit={money}
              invalid={invalid('upworkFixed')}
            />
          )}
        </div>
      )}

      {values.platform === 'freelancer' && (
        <div className="space-y-5 border-t border-slate-200 pt-5">
          <h3 className="text-sm font-semibold text-slate-700">{t('search.form.freelancerCriteria')}</h3>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('search.form.projectTypes')}</legend>
            <CheckboxRow inputClassName={checkClass} checked={values.freelancerIsHourly} onChange={(on) => set('freelancerIsHourly', on)}>
              {t('search.form.hourlyProjects')}
            </CheckboxRow>
            <CheckboxRow inputClassName={checkClass} checked={values.freelancerIsFixed} onChange={(on) => set('freelancerIsFixed', on)}>
              {t('search.form.fixedProjects')}
            </CheckboxRow>
          </fieldset>
          {values.freelancerIsFixed && (
            <RangeField
              openMax
              legend={t('search.form.budgetRange')}
              minLabel={t('search.form.minBudget')}
              maxLabel={t('search.form.maxBudget')}
              bounds={SEARCH_BOUNDS.freelancerBudget}
              value={values.freelancerBudget}
              onChange={(v) => set('freelancerBudget', v)}
              unit={money}
              invalid={invalid('freelancerBudget')}
            />
          )}
          {values.freelancerIsHourly && (
            <RangeField
              openMax
              legend={t('search.form.hourlyRange')}
              minLabel={t('search.form.minHourly')}
              maxLabel={t('search.form.maxHourly')}
              bounds={SEARCH_BOUNDS.freelancerHourly}
              value={values.freelancerHourly}
              onChange={(v) => set('freelancerHourly', v)}
              unit={perHour}
              invalid={invalid('freelancerHourly')}
            />
          )}
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{t('search.form.languages')}</legend>
            <div className="grid grid-cols-2 gap-x-3">
              {FREELANCER_LANGUAGES.map((language) => (
                <CheckboxRow
                  key={language}
                  inputClassName={checkClass}
                  checked={values.freelancerLanguage.includes(language)}
                  onChange={(on) =>
                    set(
                      'freelancerLanguage',
                      on ? [...values.freelancerLanguage, language] : values.freelancerLanguage.filter((l) => l !== language),
                    )
                  }
                >
                  {t(`search.languages.${language}`)}
                </CheckboxRow>
              ))}
            </div>
          </fieldset>
        </div>
      )}

      {problem && (
        <p id={problemId} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t(`search.validation.${problem.key}`)}
        </p>
      )}
      <Button type="submit" busy={busy} className="w-full">
        {busy ? t('search.form.searching') : t('search.form.submit')}
      </Button>
    </form>
  );
}
