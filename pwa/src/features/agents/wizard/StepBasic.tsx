import { useTranslation } from 'react-i18next';
import { PLATFORMS, RUN_FREQUENCIES } from '@shared/schemas/agent';
import { fieldLabel, optionLabel } from '../agent-text';
import { FieldError, NumberInput, RadioGroup, SelectInput, TextInput, type StepProps } from './wizard-fields';
import { activeWindowKind } from '../agent-form';

/** Step 1, Basic Information: platform, name, title, proposals per day, active hours, frequency. */
export function StepBasic(step: StepProps) {
  const { t } = useTranslation();
  const { values, set, maxPerDay } = step;
  const windowKind = activeWindowKind(values.startTime, values.endTime);
  return (
    <div className="space-y-5">
      <div>
        <RadioGroup
          legend={fieldLabel(t, 'platform')}
          name="platform"
          idPrefix={step.fieldId('platform')}
          value={values.platform}
          options={PLATFORMS.map((p) => ({ value: p, label: optionLabel(t, 'platform', p) }))}
          onChange={(p) => set('platform', p)}
        />
        <FieldError step={step} name="platform" />
      </div>
      <TextInput step={step} name="title" label={fieldLabel(t, 'title')} hint={t('agents.wizard.titleHint')} />
      <TextInput step={step} name="name" label={fieldLabel(t, 'name')} hint={t('agents.wizard.nameHint')} maxLength={120} />
      <NumberInput
        step={step}
        name="emailsPerDay"
        label={fieldLabel(t, 'emailsPerDay')}
        min={1}
        max={maxPerDay ?? undefined}
        hint={maxPerDay !== null ? t('agents.wizard.perDayHint', { n: maxPerDay }) : undefined}
      />
      <div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput step={step} name="startTime" type="time" label={fieldLabel(t, 'startTime')} />
          <TextInput step={step} name="endTime" type="time" label={fieldLabel(t, 'endTime')} />
        </div>
        {/* An end before the start is not a mistake: the agent runs overnight (the runner's rule). */}
        <p className="mt-2 text-sm text-slate-700" aria-live="polite" data-active-window>
          {windowKind === 'overnight'
            ? t('agents.wizard.overnight', { start: values.startTime, end: values.endTime })
            : windowKind === 'allDay'
              ? t('agents.wizard.allDay')
              : ''}
        </p>
      </div>
      <SelectInput
        step={step}
        name="activeEvery"
        label={fieldLabel(t, 'activeEvery')}
        options={RUN_FREQUENCIES.map((f) => ({ value: f, label: optionLabel(t, 'activeEvery', f) }))}
      />
    </div>
  );
}
