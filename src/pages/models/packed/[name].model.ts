// /models/packed/NAME.model: each public/models/NAME.glb read by the core's glTF reader at build time
// and written as a packed model (src/core/packed-model.ts), the form the site's figures download.
import type { APIRoute, GetStaticPaths } from 'astro';
import { packModel } from '../../../core/packed-model.ts';
import { listProjectModels, readProjectModel } from '../../../build-time/project-models.ts';

export const getStaticPaths = (() =>
  listProjectModels().map((file) => ({ params: { name: file.replace(/\.glb$/, '') }, props: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const bytes = packModel(readProjectModel(props.file as string));
  return new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } });
};
