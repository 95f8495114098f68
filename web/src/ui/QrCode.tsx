import { useEffect, useState } from 'react';
import { Box, Loader } from '@mantine/core';
import QRCode from 'qrcode';

// A QR code of a text (a status link, issue 21), drawn by the qrcode library as a PNG data URL:
// printed with the page, scanned by a phone's camera. Error correction M survives a creased slip.
export function QrCode({
  value,
  size,
  label,
  testId,
}: {
  value: string;
  size: number;
  label: string;
  testId?: string;
}) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 1, width: size * 2 })
      .then((url) => {
        if (!cancelled) setImage({ value, url });
      })
      .catch((error: unknown) => console.warn('Openyard: the QR code could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  if (image?.value !== value)
    return (
      <Box w={size} h={size} style={{ display: 'grid', placeItems: 'center' }}>
        <Loader size="sm" aria-label="Drawing the QR code" />
      </Box>
    );
  return <img src={image.url} width={size} height={size} alt={label} data-testid={testId} data-value={value} />;
}
