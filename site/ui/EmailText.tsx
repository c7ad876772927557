import './email-text.css';

/**
 * An e-mail address that a narrow column wraps only between its parts, as a typesetter breaks
 * one: after the '@' and before a '.', never inside a word (a part wider than the whole line is
 * left to the column's own overflow-wrap). One element, so that a card's grid cell holds it whole.
 */
export function EmailText({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span>
      {parts.map((part, i) =>
        i < parts.length - 1 ? (
          <span key={i} className="email-part">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}
