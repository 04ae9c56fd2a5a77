import type { Payment } from '@shared/schemas/billing';
import type { PaymentRow } from '../../../store/schema/index';

export function toPaymentDto(row: PaymentRow): Payment {
  return {
    id: row.id,
    reference: row.reference,
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    discount: row.discount,
    status: row.status,
    kind: row.kind,
    planChange: row.planChange,
    channel: row.channel,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
