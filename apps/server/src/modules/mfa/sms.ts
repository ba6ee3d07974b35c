/**
 * Sends text messages for phone factors. Arena ships a console provider for development; a real
 * gateway (Twilio, Vonage, AWS SNS, MessageBird…) plugs in by implementing this interface and
 * selecting it in `createSmsProvider` (README, "Two-factor authentication").
 */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export type SmsProviderName = 'console';

interface Logger {
  warn(object: object, message: string): void;
}

/** Writes each text to the log instead of sending it: development and self-hosted trials only. */
export function createConsoleSmsProvider(log: Logger): SmsProvider {
  return {
    send(to, text) {
      log.warn({ sms: { to, text } }, 'SMS_PROVIDER=console: text message not sent, logged');
      return Promise.resolve();
    },
  };
}

/** A gateway adds its name to `SmsProviderName` (and to SMS_PROVIDER's choices) and an entry here. */
export function createSmsProvider(name: SmsProviderName, log: Logger): SmsProvider {
  const providers: Record<SmsProviderName, () => SmsProvider> = {
    console: () => createConsoleSmsProvider(log),
  };
  return providers[name]();
}
