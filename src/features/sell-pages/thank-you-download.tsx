"use client";

import { Download } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

/** The thank-you countdown. */
const COUNTDOWN_SECONDS = 10;

/**
 * A 10-second countdown, then the download starts by itself; 'Download Now' starts it at once and
 * becomes 'Download Again'. A purchase already downloaded (a reload, a return visit) does not start another
 * download unasked, since every start counts against the grant's limit.
 */
export function ThankYouDownload({
  downloadUrl,
  downloadsLeft: initialDownloadsLeft,
  hasDownloaded,
}: {
  downloadUrl: string;
  downloadsLeft: number;
  hasDownloaded: boolean;
}) {
  const [downloadsLeft, setDownloadsLeft] = useState(initialDownloadsLeft);
  const [hasStarted, setHasStarted] = useState(hasDownloaded);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(
    hasDownloaded || initialDownloadsLeft === 0 ? null : COUNTDOWN_SECONDS,
  );

  const startDownload = useCallback(() => {
    setSecondsLeft(null);
    setHasStarted(true);
    setDownloadsLeft((left) => Math.max(0, left - 1));
    // The route answers with a redirect to the file, served as an attachment: the browser downloads it and
    // stays on this page.
    window.location.assign(downloadUrl);
  }, [downloadUrl]);

  useEffect(() => {
    if (secondsLeft === null) return;
    const timer = setTimeout(() => (secondsLeft <= 1 ? startDownload() : setSecondsLeft(secondsLeft - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, startDownload]);

  return (
    <div className="space-y-3 text-center">
      <p aria-live="polite" className="text-sm text-gray-700">
        {secondsLeft !== null
          ? `Your download will start automatically in ${secondsLeft} second${secondsLeft === 1 ? "" : "s"}...`
          : downloadsLeft > 0
            ? hasStarted
              ? "Your download has started. Check your browser's downloads."
              : "Your file is ready."
            : "You have used every download of this purchase."}
      </p>
      <Button size="lg" className="w-full sm:w-auto" disabled={downloadsLeft === 0} onClick={startDownload}>
        <Download aria-hidden className="size-5" />
        {hasStarted ? "Download Again" : "Download Now"}
      </Button>
      <p className="text-xs text-gray-500">
        {downloadsLeft} download{downloadsLeft === 1 ? "" : "s"} left. This link expires 24 hours after your purchase.
      </p>
    </div>
  );
}
