import { Component, type ReactNode, useId } from 'react';

/** One widget that fails to render shows its error in place; the rest of the dashboard still works. */
class WidgetBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.message === null) return this.props.children;
    return (
      <p className="error" role="alert">
        This widget could not be shown: {this.state.message}
      </p>
    );
  }
}

/** A widget's box: its title (when it has one) and its body, labelled for assistive technology. */
export function WidgetFrame({
  title,
  type,
  children,
}: {
  title: string | null;
  type: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={`widget widget-${type.toLowerCase()}`}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : type.toLowerCase()}
    >
      {title ? (
        <h2 id={titleId} className="widget-title">
          {title}
        </h2>
      ) : null}
      <div className="widget-body">
        <WidgetBoundary>{children}</WidgetBoundary>
      </div>
    </section>
  );
}
