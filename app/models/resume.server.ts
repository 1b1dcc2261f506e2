import { listCategories } from "./category.server";
import { listEducation } from "./education.server";
import { listExperience } from "./experience.server";
import { getProfile } from "./profile.server";
import { listSkills } from "./skill.server";

/** Everything the resume shows, read in parallel. */
export async function resumeData() {
  const [profile, skills, categories, education, experience] = await Promise.all([
    getProfile(),
    listSkills(),
    listCategories(),
    listEducation(),
    listExperience(),
  ]);
  return { profile, skills, categories, education, experience };
}

type ResumeData = Awaited<ReturnType<typeof resumeData>>;

const NETWORKS = [
  ["facebook", "Facebook"],
  ["github", "GitHub"],
  ["linkedin", "LinkedIn"],
] as const;

function usernameOf(url: string) {
  try {
    return new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
  } catch {
    return "";
  }
}

/** A 4-digit year in free text (e.g. "2019") as JSON Resume's date, else undefined. */
function yearOf(text: string) {
  return /\b(19|20)\d{2}\b/.exec(text)?.[0];
}

/** The profile, skills, education and experience in the JSON Resume schema (jsonresume.org). */
export function toJsonResume(
  { profile, skills, categories, education, experience }: ResumeData,
  baseUrl: string,
  imageUrl: string,
) {
  return {
    $schema: "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
    basics: {
      name: profile?.name ?? "",
      label: skills[0]?.name ?? "",
      ...(imageUrl ? { image: imageUrl } : {}),
      ...(profile?.email ? { email: profile.email } : {}),
      ...(profile?.number ? { phone: profile.number } : {}),
      url: baseUrl,
      summary: profile?.description ?? "",
      ...(profile?.address ? { location: { address: profile.address } } : {}),
      profiles: NETWORKS.filter(([key]) => profile?.[key]).map(([key, network]) => ({
        network,
        username: usernameOf(profile?.[key] ?? ""),
        url: profile?.[key] ?? "",
      })),
    },
    work: experience.map((e) => ({
      name: e.institution,
      position: e.title,
      summary: e.description,
      highlights: e.year ? [`Duration: ${e.year}`] : [],
    })),
    education: education.map((e) => {
      const year = yearOf(e.year);
      return {
        institution: e.institution,
        studyType: e.degree,
        area: e.description,
        ...(year ? { endDate: year } : {}),
      };
    }),
    skills: [
      ...(categories.length
        ? [{ name: "Professional Skills", keywords: categories.map((c) => c.name) }]
        : []),
      ...(skills.length ? [{ name: "Roles", keywords: skills.map((s) => s.name) }] : []),
    ],
    meta: {
      canonical: `${baseUrl}/resume.json`,
      version: "v1.0.0",
      lastModified: new Date().toISOString(),
    },
  };
}
