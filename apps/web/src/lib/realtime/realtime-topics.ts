import type { ServerEvent, Topic } from '@arena/shared/realtime';

export interface RealtimeSubscriber {
  onEvent: (event: ServerEvent) => void;
  /** After a reconnect, once the topic is listened to again: refetch what may have been missed. */
  onResync?: () => void;
}

/**
 * Who listens to which topic. Several screens may listen to one topic; the socket subscribes to
 * it once. A subscriber that throws does not keep the event from the others.
 */
export class TopicRegistry {
  private readonly byTopic = new Map<Topic, Set<RealtimeSubscriber>>();

  /** Adds a subscriber; true when it is the topic's first (the socket must subscribe). */
  add(topic: Topic, subscriber: RealtimeSubscriber): boolean {
    const subscribers = this.byTopic.get(topic);
    if (subscribers) {
      subscribers.add(subscriber);
      return false;
    }
    this.byTopic.set(topic, new Set([subscriber]));
    return true;
  }

  /** Removes a subscriber; true when it was the topic's last (the socket may unsubscribe). */
  remove(topic: Topic, subscriber: RealtimeSubscriber): boolean {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return false;
    this.byTopic.delete(topic);
    return true;
  }

  topics(): Topic[] {
    return [...this.byTopic.keys()];
  }

  dispatch(event: ServerEvent): void {
    this.each(event.topic, (subscriber) => subscriber.onEvent(event));
  }

  resync(topic: Topic): void {
    this.each(topic, (subscriber) => subscriber.onResync?.());
  }

  private each(topic: Topic, call: (subscriber: RealtimeSubscriber) => void): void {
    for (const subscriber of [...(this.byTopic.get(topic) ?? [])]) {
      try {
        call(subscriber);
      } catch (error) {
        console.error(`Realtime: a subscriber of ${topic} failed`, error);
      }
    }
  }
}
