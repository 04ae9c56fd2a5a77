import { useTranslation } from 'react-i18next';
import { site } from '../../lib/site';
import { PageSpinner } from '../../ui/Spinner';
import { LegalDocument, useOperatorPage, useOperatorVars } from './LegalDocument';

const SECTIONS = [
  'introduction',
  'collection',
  'googleSignUp',
  'googleApi',
  'use',
  'sharing',
  'security',
  'retention',
  'changes',
  'contact',
] as const;

/** `/privacy`: the privacy policy, in the specification's sections, naming the operator; or the operator's own (PRIVACY_URL). */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const vars = useOperatorVars();
  if (useOperatorPage(site().privacyUrl)) return <PageSpinner label={t('common.loading')} />;
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      sections={SECTIONS.map((id) => ({ id, title: t(`legal.privacy.${id}.title`), body: t(`legal.privacy.${id}.body`, vars) }))}
    />
  );
}
