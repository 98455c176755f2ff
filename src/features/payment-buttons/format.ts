// The data these format is fetched in the browser, so the server never renders a date in another time zone.
export const formatDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

export const formatDateTime = (date: Date) => date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
