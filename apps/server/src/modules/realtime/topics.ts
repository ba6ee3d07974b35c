const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOPIC = new RegExp(`^(?:(conversation|inbox|post|profile):(${UUID})|feed)$`);

export type ParsedTopic =
  { kind: 'conversation' | 'inbox' | 'post' | 'profile'; id: string } | { kind: 'feed' };

export function parseTopic(value: string): ParsedTopic | null {
  const match = TOPIC.exec(value);
  if (!match) return null;
  if (value === 'feed') return { kind: 'feed' };
  return {
    kind: match[1] as 'conversation' | 'inbox' | 'post' | 'profile',
    id: match[2] as string,
  };
}

/** Who may hear a topic: a conversation's two participants; one's own inbox; anyone signed in for the rest. */
export async function mayListen(
  topic: ParsedTopic,
  profileId: string,
  isParticipant: (conversationId: string, profileId: string) => Promise<boolean>,
): Promise<boolean> {
  switch (topic.kind) {
    case 'conversation':
      return isParticipant(topic.id, profileId);
    case 'inbox':
      return topic.id === profileId;
    case 'post':
    case 'profile':
    case 'feed':
      return true;
  }
}
