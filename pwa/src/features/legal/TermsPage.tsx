import { useTranslation } from 'react-i18next';
import { site } from '../../lib/site';
import { PageSpinner } from '../../ui/Spinner';
import { LegalDocument, useOperatorPage, useOperatorVars } from './LegalDocument';

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

/** `/service`: the terms of service, in the specification's sections, naming the operator; or the operator's own (TERMS_URL). */
export default function TermsPage() {
  const { t } = useTranslation();
  const vars = useOperatorVars();
  if (useOperatorPage(site().termsUrl)) return <PageSpinner label={t('common.loading')} />;
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      sections={SECTIONS.map((id) => ({ id, title: t(`legal.terms.${id}.title`), body: t(`legal.terms.${id}.body`, vars) }))}
    />
  );
}
