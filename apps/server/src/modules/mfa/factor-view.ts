import type { Factor } from '@arena/shared/factor.schema';

import type { FactorRow } from './mfa.repository.ts';

/** '+351912345678' → '•••• 5678': enough for its owner to recognise, little for anyone else. */
function phoneHint(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}

export function toFactor(row: FactorRow): Factor {
  return {
    id: row.id,
    friendlyName: row.friendlyName,
    factorType: row.factorType,
    status: row.status,
    phoneHint: row.phone ? phoneHint(row.phone) : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
