import type { VirtualItem } from '@tanstack/react-virtual';

/**
 * What a long list remembers when it unmounts (going to a profile, say), so that coming back
 * shows it as it was: the measured height of every entry it rendered (without them, the
 * entries above the restored position would be estimates and the page would land elsewhere),
 * the posts whose comments were open, and where the list started on the page.
 */
export interface ListMemory {
  sizes: VirtualItem[];
  openComments: string[];
  top: number;
}

/** Lists remembered at most; the oldest is forgotten first. Kept in memory, for this tab. */
const LIMIT = 8;
const memories = new Map<string, ListMemory>();

export function rememberList(id: string, memory: ListMemory): void {
  memories.delete(id);
  memories.set(id, memory);
  for (const oldest of memories.keys()) {
    if (memories.size <= LIMIT) break;
    memories.delete(oldest);
  }
}

export function recallList(id: string): ListMemory | undefined {
  return memories.get(id);
}

/** For tests. */
export function forgetLists(): void {
  memories.clear();
}
