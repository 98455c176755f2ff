"use client";

import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/cn";
import type { Faq } from "./content";

/** At most one answer is open; clicking the open question closes it. */
export function FaqAccordion({ items }: { items: Faq[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map(({ question, answer }, index) => {
        const isOpen = openIndex === index;
        const buttonId = `faq-question-${index}`;
        const panelId = `faq-answer-${index}`;
        return (
          <div key={question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenIndex(isOpen ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-base font-medium text-gray-900 hover:bg-gray-50"
              >
                {question}
                <ChevronDown
                  className={cn("size-5 shrink-0 text-gray-500 transition-transform", isOpen && "rotate-180")}
                  aria-hidden
                />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} className="px-6 pb-5">
              <p className="text-gray-600">{answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
