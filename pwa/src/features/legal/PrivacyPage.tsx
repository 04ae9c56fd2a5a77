import { useTranslation } from 'react-i18next';
import { LegalDocument } from './LegalDocument';

const SECTIONS = ['introduction', 'collection', 'googleSignUp', 'googleApi', 'use', 'sharing', 'security', 'changes', 'contact'] as const;

/** `/privacy`: the privacy policy, in the specification's sections. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      sections={SECTIONS.map((id) => ({ id, title: t(`legal.privacy.${id}.title`), body: t(`legal.privacy.${id}.body`) }))}
    />
  );
}
