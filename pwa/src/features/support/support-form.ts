import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, type CreateSupportRequestBody, type SupportTopic } from '@shared/schemas/support';

export interface SupportFormValues {
  topic: SupportTopic | '';
  message: string;
  /** `payment:<reference>` or `proposal:<id>`, or '' for none. */
  reference: string;
}

export const EMPTY_SUPPORT_FORM: SupportFormValues = { topic: '', message: '', reference: '' };

/** What is wrong with the form (i18n keys under support.form.errors), field by field. */
export function supportFormProblems(
  values: SupportFormValues,
): Partial<Record<'topic' | 'message', 'topicRequired' | 'messageShort' | 'messageLong'>> {
  const problems: Partial<Record<'topic' | 'message', 'topicRequired' | 'messageShort' | 'messageLong'>> = {};
  if (!values.topic) problems.topic = 'topicRequired';
  const length = values.message.trim().length;
  if (length < SUPPORT_MESSAGE_MIN) problems.message = 'messageShort';
  else if (length > SUPPORT_MESSAGE_MAX) problems.message = 'messageLong';
  return problems;
}

/** The request body for valid values. */
export function supportRequestBody(values: SupportFormValues): CreateSupportRequestBody {
  const [kind, ...rest] = values.reference.split(':');
  const id = rest.join(':');
  const reference = (kind === 'payment' || kind === 'proposal') && id ? { kind: kind as 'payment' | 'proposal', id } : null;
  return { topic: values.topic as SupportTopic, message: values.message.trim(), reference };
}
