import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getProfile } from "~/models/profile.server";

export const meta: MetaFunction = () => [{ title: "Folio" }];

export async function loader() {
  const profile = await getProfile();
  return json({ name: profile?.name ?? "Folio" });
}

export default function Home() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">{name}</h1>
    </main>
  );
}
