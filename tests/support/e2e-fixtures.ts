/** Accounts the e2e run seeds before the app starts; tests read them from here, never from the demo data. */
export const e2eStaff = {
  superAdmin: {
    username: "e2e_super",
    password: "e2e-super-password",
    name: "E2E Super",
    role: "super_admin" as const,
  },
  disabled: {
    username: "e2e_disabled",
    password: "e2e-disabled-password",
    name: "E2E Disabled",
    role: "operator" as const,
  },
};
