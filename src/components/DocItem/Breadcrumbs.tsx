import { SmartLink } from '../../markdown/SmartLink';

/** Home › categories › page. */
export function Breadcrumbs({ trail, title }: { trail: string[]; title: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <SmartLink href="/" aria-label="Home page">
            Home
          </SmartLink>
        </li>
        {trail.map((label) => (
          <li key={label}>{label}</li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}
