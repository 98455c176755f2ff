import Link from "next/link";
import { Alert } from "~/components/ui/alert";
import { popEditHref } from "~/features/payments/links";

type Pop = {
  id: string;
  name: string;
  sellPageId: string | null;
  isIssuing: boolean;
  hasPool: boolean;
  poolLeft: number;
};

const link = "font-medium underline focus-visible:outline-2 focus-visible:outline-current rounded";

/**
 * With one POP chosen (as the low-pool e-mail links here): how many imported keys its pool has left, and where its
 * license settings are, to import more.
 */
export function LicenseKeysPoolNote({ pop }: { pop: Pop }) {
  const settings = pop.sellPageId
    ? popEditHref({ kind: "sell_page", id: pop.sellPageId })
    : popEditHref({ kind: "payment_button", id: pop.id });
  if (!pop.isIssuing) {
    return (
      <Alert tone="info">
        {pop.name} no longer issues license keys; the keys it issued keep working.{" "}
        <Link href={settings} className={link}>
          License settings
        </Link>
      </Alert>
    );
  }
  // Generated keys never run out: only a pool of imported keys has something to tell.
  if (!pop.hasPool) return null;
  const left = pop.poolLeft.toLocaleString("en-US");
  return (
    <Alert tone={pop.poolLeft === 0 ? "warning" : "info"}>
      {pop.poolLeft === 0
        ? `No imported keys are left in the pool of ${pop.name}: new sales get keys Popkit generates.`
        : `${left} imported ${pop.poolLeft === 1 ? "key is" : "keys are"} left in the pool of ${pop.name}.`}{" "}
      <Link href={settings} className={link}>
        Import keys
      </Link>
    </Alert>
  );
}
