// Believable demo content for the quick-start and the tests' "full database".

// Demo pictures: drawn by prisma/demo-images.ts and stored through the upload pipeline by the
// seed, under fixed keys (`<16 chars>-<width>x<height>`, see app/utils/image-variants.ts).
export const DEMO_PROFILE_IMAGE = "/images/demoprofileimage-600x750";
export const demoThumbnailRef = (index: number) =>
  `/images/demothumbnail${String(index + 1).padStart(3, "0")}-960x600`;
export const DEMO_SCREENS = [1, 2, 3, 4].map(
  (k) => `/images/demogallery${String(k).padStart(5, "0")}-800x600`,
);
/** 0 to 4 gallery screenshots per demo project, rotating through the shared screens. */
const GALLERY_COUNTS = [4, 2, 3, 0, 1, 4, 2, 0, 3, 1, 4, 2];
const demoGallery = (index: number) =>
  [...DEMO_SCREENS.slice(index % 4), ...DEMO_SCREENS.slice(0, index % 4)].slice(
    0,
    GALLERY_COUNTS[index % GALLERY_COUNTS.length],
  );

export const demoProfile = {
  name: "Alex Morgan",
  description:
    "Full-stack developer building fast, accessible web apps with React and Laravel. I turn product ideas into reliable software, from the first sketch to production.",
  email: "hello@alexmorgan.dev",
  number: "+880 1712 345678",
  address: "Dhaka, Bangladesh",
  image: DEMO_PROFILE_IMAGE,
  cv: "https://example.com/alex-morgan-cv.pdf",
  facebook: "https://facebook.com/alexmorgan.dev",
  github: "https://github.com/alexmorgan-dev",
  linkedin: "https://www.linkedin.com/in/alexmorgan-dev",
};

export const demoSkills = [
  "React Developer",
  "Laravel Developer",
  "TypeScript Engineer",
  "UI Designer",
  "API Architect",
  "Problem Solver",
];

export const demoCategories = ["React", "Laravel", "Node.js", "Tailwind CSS", "MySQL", "UI/UX"];

export const demoServices = [
  {
    title: "Web Development",
    subtitle: "Fast, accessible websites and web apps built with React, Remix and Laravel.",
    icon: "code",
  },
  {
    title: "UI/UX Design",
    subtitle: "Clean interfaces and design systems that make products easy to use.",
    icon: "design",
  },
  {
    title: "API & Backend",
    subtitle: "Robust REST APIs, databases and integrations that scale with your business.",
    icon: "server",
  },
  {
    title: "Performance & SEO",
    subtitle: "Audits and fixes that make pages load fast and rank well.",
    icon: "chart",
  },
];

export const demoEducation = [
  {
    degree: "BSc in Computer Science and Engineering",
    institution: "University of Dhaka",
    year: "2019",
    description:
      "Focused on software engineering, databases and human-computer interaction. Final project: a real-time collaborative editor.",
  },
  {
    degree: "Higher Secondary Certificate (Science)",
    institution: "Notre Dame College",
    year: "2015",
    description: "Mathematics, physics and an early love for programming contests.",
  },
];

export const demoExperience = [
  {
    title: "Senior Full-Stack Developer",
    institution: "Brightlane Studio",
    year: "3 years+",
    description:
      "Lead developer on client projects in React and Laravel; introduced automated testing and cut page load times by half.",
  },
  {
    title: "Frontend Developer",
    institution: "Pixelcraft Agency",
    year: "2 years",
    description:
      "Built marketing sites and dashboards for startups, with a focus on accessibility and performance.",
  },
];

type DemoProject = {
  title: string;
  subtitle: string;
  skill: "React" | "Laravel";
  level: "Beginner" | "Intermediate" | "Advanced";
  clientName: string;
  service: string;
  budget: number;
  date: string;
};

const projects: DemoProject[] = [
  {
    title: "ShopSphere Storefront",
    subtitle: "Headless e-commerce storefront",
    skill: "React",
    level: "Advanced",
    clientName: "ShopSphere Ltd.",
    service: "Web Development",
    budget: 4800,
    date: "2025-09-12",
  },
  {
    title: "TaskFlow Boards",
    subtitle: "Kanban project management",
    skill: "React",
    level: "Intermediate",
    clientName: "TaskFlow Inc.",
    service: "Web App",
    budget: 3200,
    date: "2025-07-02",
  },
  {
    title: "MediBook Clinic",
    subtitle: "Clinic appointment booking",
    skill: "Laravel",
    level: "Advanced",
    clientName: "MediBook Health",
    service: "Backend & API",
    budget: 5600,
    date: "2025-05-20",
  },
  {
    title: "Wanderlust Travel Blog",
    subtitle: "Content site with CMS",
    skill: "React",
    level: "Beginner",
    clientName: "Wanderlust Media",
    service: "Web Development",
    budget: 1500,
    date: "2025-03-14",
  },
  {
    title: "LedgerLite Invoicing",
    subtitle: "Invoicing for freelancers",
    skill: "Laravel",
    level: "Intermediate",
    clientName: "LedgerLite",
    service: "SaaS Development",
    budget: 4100,
    date: "2025-01-30",
  },
  {
    title: "FitTrack Dashboard",
    subtitle: "Fitness analytics dashboard",
    skill: "React",
    level: "Intermediate",
    clientName: "FitTrack",
    service: "Dashboard",
    budget: 2800,
    date: "2024-11-08",
  },
  {
    title: "EduHub LMS",
    subtitle: "Learning management system",
    skill: "Laravel",
    level: "Advanced",
    clientName: "EduHub Academy",
    service: "Platform Development",
    budget: 7200,
    date: "2024-09-17",
  },
  {
    title: "Foodie Finder",
    subtitle: "Restaurant discovery app",
    skill: "React",
    level: "Beginner",
    clientName: "Foodie Co.",
    service: "Web App",
    budget: 1900,
    date: "2024-07-25",
  },
  {
    title: "RentEase Portal",
    subtitle: "Property rental portal",
    skill: "Laravel",
    level: "Intermediate",
    clientName: "RentEase",
    service: "Web Development",
    budget: 3900,
    date: "2024-05-03",
  },
  {
    title: "CryptoPulse Tracker",
    subtitle: "Live market tracker",
    skill: "React",
    level: "Advanced",
    clientName: "CryptoPulse",
    service: "Real-time Dashboard",
    budget: 4500,
    date: "2024-02-19",
  },
  {
    title: "HelpDesk Pro",
    subtitle: "Customer support ticketing",
    skill: "Laravel",
    level: "Advanced",
    clientName: "HelpDesk Pro",
    service: "SaaS Development",
    budget: 6100,
    date: "2023-12-01",
  },
  {
    title: "PortfolioKit",
    subtitle: "Portfolio site builder",
    skill: "React",
    level: "Intermediate",
    clientName: "Indie Makers",
    service: "Product Design",
    budget: 2600,
    date: "2023-09-09",
  },
];

export const demoProjects = projects.map((p, i) => ({
  ...p,
  strategy: `We started ${p.title} with user interviews and a clear success metric, then shipped in small weekly increments.`,
  design:
    "A clean, accessible design system with a strong type scale, generous spacing and a colour palette that meets WCAG AA.",
  userExperience:
    "Fast first paint, keyboard-friendly navigation and forms that never lose what people typed.",
  shortDescription: `${p.subtitle} built for ${p.clientName} with a focus on speed and clarity.`,
  longDescription: `${p.title} is a ${p.subtitle.toLowerCase()} delivered for ${p.clientName}. The project covered discovery, design, development and launch. It is server-rendered for speed, fully responsive, tested end to end, and deployed with zero downtime. After launch, conversion grew and support requests dropped.`,
  liveView: p.skill === "React" ? `https://example.com/demo/${i + 1}` : "",
  sourceCode: `https://github.com/alexmorgan-dev/project-${i + 1}`,
  thumbnail: demoThumbnailRef(i),
  images: demoGallery(i),
}));
