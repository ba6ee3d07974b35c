import { useMetaQuery } from './meta-queries.ts';
import { focusRing } from '../../components/ui/class-names.ts';

/**
 * The configured contact address as a mailto link. Until it has loaded (or if it cannot be),
 * a neutral phrase stands in, so the sentence around it always reads well.
 */
export function ContactEmail() {
  const { data } = useMetaQuery();
  if (!data) return <span>our support team</span>;
  return (
    <a
      href={`mailto:${data.contactEmail}`}
      className={`rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 ${focusRing}`}
    >
      {data.contactEmail}
    </a>
  );
}
