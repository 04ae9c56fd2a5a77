import type { ConversationMessage } from '@shared/schemas/job-item';

/** The client's first message of a conversation (oldest first): the reply the outcome reader notices. */
export function firstFromClient(conversation: readonly ConversationMessage[]): { id: string; text: string; at: string | null } | null {
  const first = conversation.find((message) => message.from === 'client');
  return first ? { id: first.id, text: first.text, at: first.at } : null;
}
