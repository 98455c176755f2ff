export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-gray-900">
      <span aria-hidden className="bg-brand-600 grid size-8 place-items-center rounded-lg text-base text-white">
        P
      </span>
      Popkit
    </span>
  );
}
