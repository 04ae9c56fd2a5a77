import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS, SEND_MODES } from '@shared/schemas/agent';
import { fieldLabel, optionLabel } from '../agent-text';
import { PromptEditor } from './PromptEditor';
import { Checkbox, NumberInput, RadioGroup, TextArea, TextInput, type StepProps } from './wizard-fields';

/** Step 4, Advanced Settings (all optional): profile title and overview, the prompt, send mode, boost, auto-refill, maximum bid. */
export function StepAdvanced(step: StepProps) {
  const { t } = useTranslation();
  const { values, set } = step;
  const titleLength = values.upworkProfileTitle.length;
  return (
    <div className="space-y-6">
      <TextInput
        step={step}
        name="upworkProfileTitle"
        label={fieldLabel(t, 'upworkProfileTitle')}
        maxLength={AGENT_BOUNDS.profileTitleMax}
        hint={t('agents.wizard.charCount', { length: titleLength, max: AGENT_BOUNDS.profileTitleMax })}
      />
      <TextArea step={step} name="upworkOverview" label={fieldLabel(t, 'upworkOverview')} rows={5} />
      <PromptEditor {...step} />
      <RadioGroup
        legend={fieldLabel(t, 'sendMode')}
        name="sendMode"
        idPrefix={step.fieldId('sendMode')}
        value={values.sendMode}
        onChange={(mode) => set('sendMode', mode)}
        options={SEND_MODES.map((mode) => ({
          value: mode,
          label: optionLabel(t, 'sendMode', mode),
          hint: t(`agents.options.sendModeHint.${mode}`),
        }))}
      />
      <div className="space-y-4 rounded-xl border border-slate-200 p-4">
        <Checkbox step={step} name="upworkBoostProposal" label={fieldLabel(t, 'upworkBoostProposal')} hint={t('agents.wizard.boostHint')} />
        <Checkbox step={step} name="upworkAutoRefill" label={fieldLabel(t, 'upworkAutoRefill')} hint={t('agents.wizard.autoRefillHint')} />
        {values.upworkAutoRefill && (
          <NumberInput step={step} name="upworkAutoRefillAmount" label={fieldLabel(t, 'upworkAutoRefillAmount')} min={0} max={1000} />
        )}
        <NumberInput
          step={step}
          name="upworkMaximumBid"
          label={fieldLabel(t, 'upworkMaximumBid')}
          hint={t('agents.wizard.maxBidHint')}
          min={0}
          max={1000}
        />
      </div>
    </div>
  );
}
