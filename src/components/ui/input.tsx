import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { minorDigits, type Currency } from "~/lib/money";

const fieldClasses =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm " +
  "placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 " +
  "aria-[invalid=true]:border-red-500 disabled:bg-gray-50";

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(fieldClasses, className)} {...props} />;
}

/** A select; `options` lists its choices as [value, label] pairs when it needs no other children. */
export function Select({
  className,
  options,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly (readonly [value: string, label: ReactNode])[] }) {
  return (
    <select className={cn(fieldClasses, className)} {...props}>
      {children}
      {options?.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** A price in `currency`: whole numbers where the currency has no minor unit (PayPal refuses JPY decimals). */
export function MoneyInput({ currency, ...props }: InputHTMLAttributes<HTMLInputElement> & { currency: Currency }) {
  const step = minorDigits(currency) === 0 ? 1 : 0.01;
  return <Input type="number" inputMode="decimal" min={step} step={step} {...props} />;
}
