import { CreditCard, FileText, LayoutDashboard, Users } from "lucide-react";
import { cn } from "~/lib/cn";

// Decorative sample figures: the preview is hidden from assistive technology and captioned as a preview.
// The real dashboard's four tiles (src/features/analytics/dashboard-overview.tsx), nothing it does not have.
const tiles = [
  { label: "Revenue", value: "$12,480.00", trend: "+12.5%" },
  { label: "Monthly recurring revenue", value: "$3,920.00", trend: "+8.2%" },
  { label: "Active subscribers", value: "148", trend: "+23" },
  { label: "Conversion rate", value: "4.1%", trend: "+0.5%" },
];

const sidebar = [
  { label: "Dashboard", icon: LayoutDashboard, isActive: true },
  { label: "Pages", icon: FileText },
  { label: "Payments", icon: CreditCard },
  { label: "Customers", icon: Users },
];

const bars = [38, 52, 45, 61, 58, 72, 66, 80, 74, 88, 83, 95];

export function DashboardPreview() {
  return (
    <figure className="mx-auto mt-16 max-w-5xl">
      <div
        aria-hidden
        className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl ring-1 ring-gray-900/5"
      >
        <div className="flex items-center gap-1.5 border-b border-gray-200 bg-gray-50 px-4 py-3">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-yellow-400" />
          <span className="size-3 rounded-full bg-green-400" />
          <span className="ml-4 hidden rounded-md bg-white px-3 py-0.5 text-xs text-gray-600 ring-1 ring-gray-200 sm:block">
            popkit.app/dashboard
          </span>
        </div>
        <div className="flex">
          <div className="hidden w-48 shrink-0 border-r border-gray-200 p-3 sm:block">
            <div className="mb-4 px-2 text-sm font-bold text-gray-900">Popkit</div>
            <ul className="space-y-1">
              {sidebar.map(({ label, icon: Icon, isActive }) => (
                <li
                  key={label}
                  className={cn(
                    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-gray-600",
                    isActive && "bg-brand-50 text-brand-700 font-medium",
                  )}
                >
                  <Icon className="size-4" />
                  {label}
                </li>
              ))}
            </ul>
          </div>
          <div className="min-w-0 flex-1 p-4 sm:p-6">
            <div className="flex items-center justify-between">
              <div className="text-lg font-semibold text-gray-900">Home</div>
              <div className="bg-brand-600 rounded-md px-3 py-1 text-xs font-medium text-white">Create POP</div>
            </div>
            <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
              {tiles.map((tile) => (
                <div key={tile.label} className="rounded-lg border border-gray-200 p-3">
                  <div className="truncate text-xs text-gray-600">{tile.label}</div>
                  <div className="mt-1 text-base font-semibold text-gray-900 sm:text-lg">{tile.value}</div>
                  <div className="text-xs text-green-700">{tile.trend}</div>
                </div>
              ))}
            </div>
            <div className="mt-4 flex h-32 items-end gap-1.5 rounded-lg border border-gray-200 p-3 sm:h-40">
              {bars.map((height, index) => (
                <div key={index} className="bg-brand-500/80 flex-1 rounded-t" style={{ height: `${height}%` }} />
              ))}
            </div>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-gray-600">
        Preview of the Popkit dashboard with sample figures.
      </figcaption>
    </figure>
  );
}
