import { useTranslation } from 'react-i18next';
import { LegalDocument } from './LegalDocument';

const SECTIONS = [
  'agreement',
  'intellectualProperty',
  'accounts',
  'termination',
  'liability',
  'disclaimer',
  'law',
  'changes',
  'contact',
] as const;

/** `/service`: the terms of service, in the specification's sections. */
export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      sections={SECTIONS.map((id) => ({ id, title: t(`legal.terms.${id}.title`), body: t(`legal.terms.${id}.body`) }))}
    />
  );
}
