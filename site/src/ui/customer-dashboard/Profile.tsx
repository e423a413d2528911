import { DownloadMyData } from '../../ui/DownloadMyData.tsx';
import { PushSettings } from '../../ui/PushCards.tsx';
import { ProfilePhoto } from '../../ui/ProfilePhoto.tsx';
import { longDate, parseDay } from '../../../../contract/dates.ts';
import { ProfileEditor } from '../profile-editor/ProfileEditor.tsx';
import { contactDetailsOf } from '../../stores/profile.ts';
import type { CustomerRecord } from './state.ts';

/** Profile (docs/PRODUCT.md "Profile"): the customer's details, with Edit Profile for name, phone and location. */
export default function Profile({
  record,
  onChanged,
}: {
  record: CustomerRecord;
  onChanged: (fields: Partial<CustomerRecord>) => void;
}) {
  return (
    <>
      <ProfilePhoto
        className="card cd-section dash-card"
        name={record.name}
        avatar={record.avatar}
        onChanged={(avatar) => onChanged({ avatar })}
      />
      <ProfileEditor
        className="cd-section pe-card"
        details={contactDetailsOf(record)}
        email={record.email}
        rows={[
          ['Name', record.name],
          ['Email', record.email],
          ['Phone', record.phone || 'Not provided'],
          ['Preferred location', record.preferredLocation || 'Not set'],
          ['Member since', longDate(parseDay(record.joinDate))],
        ]}
        onSaved={(details, user) =>
          onChanged({
            firstName: user.firstName,
            lastName: user.lastName,
            name: `${user.firstName} ${user.lastName}`,
            phone: user.phone,
            location: details.location || null,
            preferredLocation: details.location || null,
          })
        }
      />
      <PushSettings className="card cd-section dash-card" />
      <DownloadMyData className="card cd-section" />
    </>
  );
}
