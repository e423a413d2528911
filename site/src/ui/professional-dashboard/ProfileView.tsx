import type { SessionUser } from '../../../../contract/account-types.ts';
import { longDate, parseDay } from '../../../../contract/dates.ts';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { placeText } from './profile-draft.ts';

export function SkillBadges({ skills }: { skills: string[] }) {
  return skills.length ? (
    <ul className="dash-skills" role="list" aria-label="Skills">
      {skills.map((s) => (
        <li key={s} className="dash-badge">
          {s}
        </li>
      ))}
    </ul>
  ) : (
    <span className="dash-muted">None listed</span>
  );
}

/** The profile as others know it (view mode of the Profile tab). */
export function ProfileView({ user, record }: { user: SessionUser; record: ProfessionalRecord }) {
  return (
    <dl className="auth-data">
      <div className="auth-data-row">
        <dt>Name</dt>
        <dd>
          {record.firstName} {record.lastName}
        </dd>
      </div>
      <div className="auth-data-row">
        <dt>Email</dt>
        <dd>{record.email}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Phone</dt>
        <dd>{record.phone || 'Not provided'}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Profession</dt>
        <dd>{record.profession}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Experience</dt>
        <dd>{record.experience || 'Not set'}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Location</dt>
        <dd>{placeText(record)}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Bio</dt>
        <dd>{record.bio || 'Not written yet: customers see no description until you add one.'}</dd>
      </div>
      <div className="auth-data-row">
        <dt>Skills</dt>
        <dd>
          <SkillBadges skills={record.skills} />
        </dd>
      </div>
      <div className="auth-data-row">
        <dt>Member since</dt>
        <dd>{longDate(parseDay(record.joinDate))}</dd>
      </div>
      {user.userType === 'professional' && record.subscription ? (
        <div className="auth-data-row">
          <dt>Subscription</dt>
          <dd>Paid until {longDate(new Date(record.subscription.paidUntil))}</dd>
        </div>
      ) : null}
    </dl>
  );
}
