import { useTranslation } from 'react-i18next';
import { PLATFORMS, RUN_FREQUENCIES } from '@shared/schemas/agent';
import { fieldLabel, optionLabel } from '../agent-text';
import { FieldError, NumberInput, RadioGroup, SelectInput, TextInput, type StepProps } from './wizard-fields';

/** Step 1, Basic Information: platform, name, title, proposals per day, active hours, frequency. */
export function StepBasic(step: StepProps) {
  const { t } = useTranslation();
  const { values, set, maxPerDay } = step;
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
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput step={step} name="startTime" type="time" label={fieldLabel(t, 'startTime')} />
        <TextInput step={step} name="endTime" type="time" label={fieldLabel(t, 'endTime')} />
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
