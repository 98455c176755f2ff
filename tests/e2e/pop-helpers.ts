import { expect, type Page } from "@playwright/test";

/** A POP's card on the pages list, found by its heading. */
export const popCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** Opens a card's Actions menu and picks the item that names the POP, e.g. menuAction(page, "Course", "Edit"). */
export async function menuAction(page: Page, name: string, action: string) {
  await popCard(page, name)
    .getByRole("button", { name: `Actions for '${name}'` })
    .click();
  const item = page.getByRole("menuitem", { name: menuItemLabel(name, action) });
  await expect(item).toBeVisible();
  return item;
}

const menuItemLabel = (name: string, action: string) =>
  ({
    Edit: `Edit '${name}'`,
    Analytics: `View analytics for '${name}'`,
    Code: `Get code for '${name}'`,
    Share: `Get link and QR code for '${name}'`,
    Open: `Open '${name}' page`,
    Test: `Open test page for '${name}'`,
    Delete: `Delete '${name}'`,
  })[action] ?? action;

/** The "Your POP is ready" dialog the pages list opens after a create or a save; closes it with Done. */
export async function closeReadyDialog(page: Page) {
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  await expect(ready).toBeVisible();
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(ready).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&](created|saved)=/);
}

/** Deletes a POP from its card's menu, through the confirmation that names it and says what kind of POP it is. */
export async function deleteFromMenu(page: Page, name: string, kind: "payment button" | "digital sell page") {
  await (await menuAction(page, name, "Delete")).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete '${name}'?` });
  await expect(
    confirm.getByText(`Are you sure you want to delete this ${kind}? This action cannot be undone.`),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
}
