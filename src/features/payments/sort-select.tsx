"use client";

import { useId } from "react";
import { Select } from "~/components/ui/input";
import { useUrlQuery } from "~/components/ui/use-url-query";

export type SortOption = { label: string; sort: string; dir: "asc" | "desc" };

/**
 * Phones only: below 640 px the table's sortable headers are hidden (rows are cards), so the same `sort`/`dir`
 * URL parameters get a select of their own.
 */
export function SortSelect({
  options,
  current,
}: {
  options: readonly SortOption[];
  current: { id: string; desc: boolean };
}) {
  const query = useUrlQuery();
  const id = useId();
  const value = `${current.id}:${current.desc ? "desc" : "asc"}`;
  return (
    <div className="space-y-1.5 sm:hidden">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        Sort by
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          const [sort, dir] = event.target.value.split(":");
          query.push({ sort, dir });
        }}
      >
        {options.map((option) => (
          <option key={`${option.sort}:${option.dir}`} value={`${option.sort}:${option.dir}`}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
