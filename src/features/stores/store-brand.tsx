import { Globe, Mail } from "lucide-react";
import { safeEmail, safeWebsiteUrl, websiteLabel, type StoreBrandInfo } from "~/lib/store-brand";
import { cn } from "~/lib/cn";

export type { StoreBrandInfo } from "~/lib/store-brand";

/**
 * "Sold by" with the store's logo, name, support e-mail and website, wherever a buyer looks: the sell page, the
 * thank-you page, the library, the checkout page. No hooks and no client code, so it renders in the sell page's
 * script-free HTML as well as in React pages. The website is linked only when it is http(s), and opens in a new
 * tab without handing the seller's site our page (noopener, noreferrer) or our ranking (nofollow).
 */
export function StoreBrand({
  brand,
  showLogo = true,
  align = "start",
  className,
}: {
  brand: StoreBrandInfo;
  /** False where the page shows the logo already (the sell page's header). */
  showLogo?: boolean;
  align?: "start" | "center";
  className?: string;
}) {
  const email = safeEmail(brand.supportEmail);
  const website = safeWebsiteUrl(brand.websiteUrl);
  return (
    <div
      className={cn(
        "flex items-center gap-3 text-sm text-gray-600",
        align === "center" && "justify-center text-center",
        className,
      )}
    >
      {showLogo && brand.logoUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- store logos live on the storage host
        <img
          src={brand.logoUrl}
          alt={`${brand.name} logo`}
          className="h-10 w-auto max-w-[8rem] shrink-0 object-contain"
        />
      )}
      <div className="min-w-0 space-y-1">
        <p>
          Sold by <span className="font-semibold break-words text-gray-900">{brand.name}</span>
        </p>
        {(email || website) && (
          <p className={cn("flex flex-wrap gap-x-4 gap-y-1", align === "center" && "justify-center")}>
            {email && (
              <a
                href={`mailto:${email}`}
                className="text-brand-600 inline-flex items-center gap-1 break-all hover:underline"
              >
                <Mail aria-hidden className="size-3.5 shrink-0" />
                {email}
              </a>
            )}
            {website && (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-brand-600 inline-flex items-center gap-1 break-all hover:underline"
              >
                <Globe aria-hidden className="size-3.5 shrink-0" />
                {websiteLabel(website)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
