import type { SessionUser } from '@arena/shared/auth.schema';
import { SPORT_LABELS } from '@arena/shared/constants';
import type { Cv } from '@arena/shared/cv.schema';
import type { CreateApplicationInput, Offer } from '@arena/shared/offer.schema';
import type { DefaultValues } from 'react-hook-form';

/** '188 cm / 84 kg', or whichever half the CV has; '' when it has neither. */
function heightWeightText(cv: Cv | undefined): string {
  const parts = [
    cv?.athlete.heightCm != null ? `${cv.athlete.heightCm} cm` : null,
    cv?.athlete.weightKg != null ? `${cv.athlete.weightKg} kg` : null,
  ].filter((part) => part !== null);
  return parts.join(' / ');
}

/**
 * The application form as far as the athlete's profile and CV can fill it: name and email from
 * the account; sport, position, height/weight and achievements from the CV. The offer's own sport
 * stands in when the CV names none.
 */
export function applyDefaults(
  me: SessionUser,
  cv: Cv | undefined,
  offer: Pick<Offer, 'sport'>,
): DefaultValues<CreateApplicationInput> {
  const offerSport = offer.sport === 'other' ? '' : SPORT_LABELS[offer.sport];
  const cvSport = cv?.athlete.sport;
  return {
    athleteName: me.profile.fullName,
    email: me.user.email,
    sport: cvSport && cvSport !== 'other' ? SPORT_LABELS[cvSport] : offerSport,
    currentTeam: '',
    positionRole: cv?.athlete.mainPosition ?? '',
    yearsExperience: '',
    achievements: cv?.awards.map((award) => award.title).join(', ') ?? '',
    heightWeight: heightWeightText(cv),
    availability: '',
    whyInterested: '',
  };
}
