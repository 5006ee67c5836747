import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SCHOOL } from "~/domain/brand";

export async function loader({ context }: LoaderFunctionArgs) {
  const latest = await context.services.blog.list({ page: 1, limit: 3 });
  return { posts: latest.posts };
}

export default function Home() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-12">
      <h1 className="text-4xl">{SCHOOL.fullName}</h1>
      <p>{SCHOOL.tagline}</p>
      <h2 className="mt-8 text-2xl">Latest blogs</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.id}>
            <Link to={`/blog/${post.id}`}>{post.title}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${SCHOOL.fullName} | ${SCHOOL.tagline}` }];
