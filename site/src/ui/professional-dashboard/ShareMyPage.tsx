import { useState } from 'react';
import { profilePath, publicName } from '../../../../contract/directory.ts';
import { useCopy } from '../../ui/useCopy.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { Card } from '../../ui/kit.tsx';

/**
 * "Share my page": the professional's public page is their advert (docs/PRODUCT.md "Public
 * directory"). The phone's share sheet (WhatsApp and the rest) where there is one, else the link copied.
 */
export function ShareMyPage({ record }: { record: ProfessionalRecord }) {
  const { copied, note, copy } = useCopy<'link'>();
  const [shared, setShared] = useState('');
  const url = `${window.location.origin}${profilePath({ id: record.id, name: publicName(record.firstName, record.lastName), profession: record.profession })}`;

  async function share() {
    setShared('');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: `${record.firstName}, ${record.profession}`,
          text: `Book me on ServiceConnect Ghana: ${record.profession}.`,
          url,
        });
        setShared('Shared.');
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return; // closed the share sheet
      }
    }
    await copy('link', url);
  }

  return (
    <Card title="Your public page">
      <p>
        Anyone can see it without an account: your rates, rating, reviews and what you do. Share it on WhatsApp to bring
        customers.
      </p>
      <p className="dash-share-link">
        <a href={url}>{url}</a>
      </p>
      <div className="form-actions">
        <button type="button" className="btn action-button" onClick={() => void share()}>
          Share my page
        </button>
      </div>
      <p role="status" className="dash-muted">
        {copied ? 'Link copied: paste it into WhatsApp or a text message.' : shared || note}
      </p>
    </Card>
  );
}
