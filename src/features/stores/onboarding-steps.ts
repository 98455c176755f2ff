import type { RouterOutputs } from "~/trpc/react";

export type Onboarding = RouterOutputs["merchant"]["onboarding"]["get"];
export type OnboardingStep = Onboarding["steps"][number];
export type OnboardingStepId = OnboardingStep["id"];

/** What each step of the getting-started checklist says (the server says whether it is done and where it leads). */
export const stepCopy: Record<OnboardingStepId, { title: string; description: string }> = {
  paypal: {
    title: "Add your PayPal credentials",
    description: "Save your PayPal client ID and secret in Store Settings, so buyers can pay you.",
  },
  pop: {
    title: "Create a POP",
    description: "A payment button or a digital sell page for what you sell.",
  },
  test_payment: {
    title: "Take a test payment",
    description: "Buy once from your POP as a PayPal sandbox buyer, to see the whole flow.",
  },
  on_site: {
    title: "Put it on your site",
    description: "Paste your button's embed code into your website, or share your sell page's link.",
  },
};
