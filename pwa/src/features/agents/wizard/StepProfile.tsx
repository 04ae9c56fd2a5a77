import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { linkClass } from '../../../ui/Button';
import { TagInput } from '../../../ui/TagInput';
import { fieldLabel } from '../agent-text';
import { FieldError, TextArea, TextInput, type StepProps } from './wizard-fields';

/**
 * Step 3, the profile the proposals are written from. Marketplace logins are not agent fields:
 * they are connected once in Settings → Integrations (a note says so instead of the three inputs).
 */
export function StepProfile(step: StepProps) {
  const { t } = useTranslation();
  const { values, set } = step;
  return (
    <div className="space-y-5">
      {step.fromProfile && (
        <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950" data-from-profile>
          {t('agents.wizard.fromProfile')}{' '}
          <Link to="/settings" className={linkClass}>
            {t('agents.wizard.fromProfileLink')}
          </Link>
        </p>
      )}
      <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <p>{t('agents.wizard.credentialsNote')}</p>
        <Link to="/settings" className={`${linkClass} mt-1 inline-block`}>
          {t('agents.wizard.credentialsLink')}
        </Link>
      </div>
      <TextInput step={step} name="upworkFreelancerName" label={fieldLabel(t, 'upworkFreelancerName')} autoComplete="name" />
      <TextInput
        step={step}
        name="upworkProfileUrl"
        type="url"
        label={fieldLabel(t, 'upworkProfileUrl')}
        hint={t('agents.wizard.profileUrlHint')}
      />
      <TextArea
        step={step}
        name="upworkWorkHistory"
        label={fieldLabel(t, 'upworkWorkHistory')}
        hint={t('agents.wizard.workHistoryHint')}
        rows={5}
      />
      <div id={step.fieldId('skills')} tabIndex={-1} className="focus:outline-none">
        <TagInput
          label={fieldLabel(t, 'skills')}
          tags={values.skills}
          onChange={(tags) => set('skills', tags)}
          removeLabel={(tag) => t('agents.wizard.removeTag', { tag })}
          hint={t('agents.wizard.skillsHint')}
        />
        <FieldError step={step} name="skills" />
      </div>
      <div id={step.fieldId('portfolioLinks')} tabIndex={-1} className="focus:outline-none">
        <TagInput
          label={fieldLabel(t, 'portfolioLinks')}
          type="url"
          tags={values.portfolioLinks}
          onChange={(tags) => set('portfolioLinks', tags)}
          removeLabel={(tag) => t('agents.wizard.removeTag', { tag })}
          addLabel={t('agents.wizard.addLink')}
          commaAdds={false}
          placeholder="https://"
          hint={t('agents.wizard.linksHint')}
        />
        <FieldError step={step} name="portfolioLinks" />
      </div>
    </div>
  );
}
