"use client";

import { Search, X } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { useUrlQuery } from "~/components/ui/use-url-query";
import { dateRangePresets } from "~/lib/date-range";

// The filter bar above every list. Each control writes its own query parameters and keeps the others, so filters
// combine, the URL can be shared and Back steps through them.

export function ListFilters({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
    </div>
  );
}

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-700">
      {children}
    </label>
  );
}

/** Search on Enter or the button; `param` defaults to "q". */
export function SearchFilter({
  label,
  placeholder,
  param = "q",
}: {
  label: string;
  placeholder?: string;
  param?: string;
}) {
  const query = useUrlQuery();
  const id = useId();
  const current = query.get(param) ?? "";
  const [text, setText] = useState(current);
  // Back, Forward and links change the URL under a mounted box: show what the list now searches for.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setText(current);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    query.push({ [param]: text.trim() });
  }

  return (
    // Named, so two searches on one page are two distinct landmarks.
    <form role="search" aria-label={label} onSubmit={submit} className="flex min-w-0 flex-1 basis-64 items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1.5">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={200}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" aria-label={`${label}: search`}>
        <Search aria-hidden className="size-4" />
        <span className="max-sm:sr-only">Search</span>
      </Button>
      {current && (
        <Button
          variant="ghost"
          aria-label="Clear search"
          onClick={() => {
            setText("");
            query.push({ [param]: null });
          }}
        >
          <X aria-hidden className="size-4" />
        </Button>
      )}
    </form>
  );
}

/**
 * One of a fixed set of values (status, kind); the first option, "All", removes the parameter. With `defaultValue`
 * (one of the options) there is no "All": the parameter is absent while the default is chosen, e.g. a range.
 */
export function SelectFilter({
  label,
  param,
  options,
  allLabel = "All",
  defaultValue,
}: {
  label: string;
  param: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  defaultValue?: string;
}) {
  const query = useUrlQuery();
  const id = useId();
  const current = query.get(param);
  const value =
    defaultValue !== undefined && !options.some((option) => option.value === current) ? defaultValue : current;
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Select
        id={id}
        value={value ?? ""}
        onChange={(event) => query.push({ [param]: event.target.value === defaultValue ? null : event.target.value })}
      >
        {defaultValue === undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Presets, or two calendar days for a custom range (read by src/lib/date-range.ts in the store's time zone). */
export function DateRangeFilter({ label = "Date range" }: { label?: string }) {
  const query = useUrlQuery();
  const id = useId();
  const range = query.get("range") ?? "";
  const urlFrom = query.get("from") ?? "";
  const urlTo = query.get("to") ?? "";
  const [from, setFrom] = useState(urlFrom);
  const [to, setTo] = useState(urlTo);
  // As in SearchFilter: the days follow the URL when Back or a link changes it.
  const [shown, setShown] = useState(`${urlFrom}/${urlTo}`);
  if (shown !== `${urlFrom}/${urlTo}`) {
    setShown(`${urlFrom}/${urlTo}`);
    setFrom(urlFrom);
    setTo(urlTo);
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="space-y-1.5">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Select
          id={id}
          value={range}
          onChange={(event) => {
            const next = event.target.value;
            query.push(next === "custom" ? { range: next } : { range: next, from: null, to: null });
          }}
        >
          <option value="">All time</option>
          {dateRangePresets.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </Select>
      </div>
      {range === "custom" && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            query.push({ range: "custom", from, to });
          }}
        >
          <div className="space-y-1.5">
            <FieldLabel htmlFor={`${id}-from`}>From</FieldLabel>
            <Input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="space-y-1.5">
            <FieldLabel htmlFor={`${id}-to`}>To</FieldLabel>
            <Input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </form>
      )}
    </div>
  );
}
