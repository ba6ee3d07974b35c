import type { MessagePolicy } from '@arena/shared/message.schema';

/*
 * Who may start a conversation with whom (issue 25), decided from facts the repository reads in
 * one query. The decisions the issue leaves open, as Instagram, LinkedIn and Bluesky do them:
 * - Only a FIRST message is judged: a conversation that already holds messages keeps working
 *   whatever either side's setting says now (changing the setting never cuts off a conversation).
 * - The minor rules are not settings and hold on every message, not only the first: an adult who
 *   is not a verified organisation and a member under 18 cannot exchange messages at all, either
 *   way round (the FA / SafeSport rule keeps adult-minor contact to accountable organisations).
 *   Such a message is refused (403) and nothing is stored.
 * - A verified organisation's first message to a member under 18 always goes to requests, even
 *   if the minor follows it: the minor decides each new contact.
 * - 'nobody' does not refuse: every new first message becomes a request.
 * - A member under 18 never has 'everyone': a stored 'everyone' (chosen as an adult, or before a
 *   birthdate said otherwise) counts as 'following'.
 */

export interface Party {
  /** Under 18, or a player without a birthdate. */
  minor: boolean;
  /** A verified club, agent or coach. */
  verifiedOrganisation: boolean;
}

export interface FirstMessageFacts {
  sender: Party;
  recipient: Party & {
    /** The stored choice, or null for the default. */
    policy: MessagePolicy | null;
    /** The recipient follows the sender. */
    followsSender: boolean;
  };
}

/** Delivered to the conversation list, to Message requests, or refused outright. */
export type Delivery = 'direct' | 'request' | 'refused';

/** The policy in force: the stored one, or the default, and never 'everyone' under 18. */
export function effectivePolicy(stored: MessagePolicy | null, minor: boolean): MessagePolicy {
  if (minor) return stored === null || stored === 'everyone' ? 'following' : stored;
  return stored ?? 'everyone';
}

/** The minor rule alone: true when these two may not exchange messages at all. */
export function minorContactRefused(a: Party, b: Party): boolean {
  const adultOutsideOrganisations = (p: Party) => !p.minor && !p.verifiedOrganisation;
  return (a.minor && adultOutsideOrganisations(b)) || (b.minor && adultOutsideOrganisations(a));
}

/** Where a first message from the sender goes. */
export function deliveryOf({ sender, recipient }: FirstMessageFacts): Delivery {
  if (minorContactRefused(sender, recipient)) return 'refused';
  if (recipient.minor && sender.verifiedOrganisation) return 'request';
  switch (effectivePolicy(recipient.policy, recipient.minor)) {
    case 'everyone':
      return 'direct';
    case 'following':
      return recipient.followsSender ? 'direct' : 'request';
    case 'verified_organisations':
      return sender.verifiedOrganisation ? 'direct' : 'request';
    case 'nobody':
      return 'request';
  }
}
