const rules = new Intl.PluralRules('en-US');

/** The noun that goes with `count`: 'Application' for 1, 'Applications' for 0, 2 or 1.5. */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count with its noun: '1 Application', '2 Applications', '1 person', '3 people'. */
export function plural(count: number, one: string, other?: string): string {
  return `${count} ${pluralNoun(count, one, other)}`;
}
