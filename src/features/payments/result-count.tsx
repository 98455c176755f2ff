/** "1,204 payments" above a list (announced when a filter changes it), or how many match the filters. */
export function ResultCount({ total, noun, isFiltered }: { total: number; noun: string; isFiltered: boolean }) {
  const count = total.toLocaleString("en-US");
  const nouns = total === 1 ? noun : `${noun}s`;
  return (
    <p role="status" className="text-sm text-gray-600">
      {total === 0
        ? `No ${noun}s${isFiltered ? " match these filters" : " yet"}`
        : isFiltered
          ? `${count} ${nouns} ${total === 1 ? "matches" : "match"} these filters`
          : `${count} ${nouns}`}
    </p>
  );
}
