import type { ProfileSummary } from '@arena/shared/profile.schema';

import { Avatar } from '../../components/ui/avatar.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { PersonName } from './person-identity.tsx';

export const searchOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The search dropdown's listbox: up to 5 people, one of them highlighted by the arrow keys. */
export function SearchResultsList({
  id,
  labelId,
  results,
  highlighted,
  onHighlight,
  onChoose,
}: {
  id: string;
  labelId: string;
  results: ProfileSummary[];
  highlighted: number;
  onHighlight: (index: number) => void;
  onChoose: (person: ProfileSummary) => void;
}) {
  return (
    <ul id={id} role="listbox" aria-labelledby={labelId} className="py-1">
      {results.map((person, index) => (
        <li
          key={person.id}
          id={searchOptionId(id, index)}
          role="option"
          aria-selected={index === highlighted}
          onMouseMove={() => {
            if (index !== highlighted) onHighlight(index);
          }}
          onClick={() => onChoose(person)}
          className={cx(
            'flex cursor-pointer items-center gap-3 px-3 py-2',
            index === highlighted && 'bg-blue-50',
          )}
        >
          <Avatar name={person.fullName} src={person.avatarUrl} size="sm" />
          <PersonName person={person} />
        </li>
      ))}
    </ul>
  );
}
