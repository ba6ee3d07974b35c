/** Sets the tab title for the page that renders it (React hoists <title> into <head>). */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | Arena` : 'Arena'}</title>;
}
