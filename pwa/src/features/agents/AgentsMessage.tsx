import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button';
import { MessagePanel } from '../../ui/MessagePanel';

/** How each message looks: its box, its heading (level and classes) and the classes of its line. */
const LOOKS = {
  notFound: {
    box: 'rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center',
    level: 'h1',
    heading: 'text-2xl font-bold text-slate-900',
    text: 'mt-2 text-slate-600',
  },
  empty: {
    box: 'rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center',
    level: 'h2',
    heading: 'text-lg font-semibold text-slate-900',
    text: 'mt-1 text-slate-600',
  },
  limit: { box: 'py-2', level: 'h2', heading: 'text-xl font-semibold text-slate-900', text: 'mt-2 text-slate-700' },
} as const;

export type AgentsMessageKind = keyof typeof LOOKS;

/**
 * What the agents screens show instead of an agent or a list: the agent asked for is not here
 * (`notFound`), there is no agent yet (`empty`), or the plan has no room for another (`limit`,
 * with its figures); each with the way out.
 */
export function AgentsMessage(props: { kind: 'notFound' } | { kind: 'empty' } | { kind: 'limit'; limit: number; used: number }) {
  const { t } = useTranslation();
  const look = LOOKS[props.kind];
  const Heading = look.level;
  const content =
    props.kind === 'notFound'
      ? {
          title: t('agents.detail.notFound'),
          text: t('agents.detail.notFoundText'),
          back: { to: '/dashboard/automations', label: t('agents.detail.backToList') },
        }
      : props.kind === 'empty'
        ? {
            title: t('agents.list.emptyTitle'),
            text: t('agents.list.emptyText'),
            back: { to: '/dashboard/automations/new', label: t('agents.list.create') },
          }
        : { title: t('agents.limit.title'), text: t('agents.limit.text', { limit: props.limit, used: props.used }), back: null };
  return (
    <MessagePanel
      className={look.box}
      heading={<Heading className={look.heading}>{content.title}</Heading>}
      text={content.text}
      textClassName={look.text}
    >
      {content.back ? (
        <ButtonLink to={content.back.to} variant="secondary" className="mt-6">
          {content.back.label}
        </ButtonLink>
      ) : (
        <div className="mt-5 flex flex-wrap gap-2">
          {(
            [
              ['/subscribe', 'primary', t('agents.limit.upgrade')],
              ['/dashboard/automations', 'secondary', t('agents.limit.manage')],
            ] as const
          ).map(([to, variant, label]) => (
            <ButtonLink key={to} to={to} variant={variant}>
              {label}
            </ButtonLink>
          ))}
        </div>
      )}
    </MessagePanel>
  );
}
