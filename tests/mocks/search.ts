// hydra:search as API Platform writes it on a collection (an IriTemplate naming the filters and
// order[…] variables the resource declares), in the JSON-LD dialect with prefix or apip4's.

/** An API Platform collection answer declaring `variables` (JSON-LD with prefix, or apip4). */
export function withSearch(variables: string[], dialect: "hydra" | "plain" = "hydra") {
  const mapping = variables.map((variable) => ({
    "@type": "IriTemplateMapping",
    variable,
    property: variable.replace(/^order\[(.*)\]$/, "$1").replace(/\[\]$/, ""),
    required: false,
  }));
  const template = `/api/adv/posts{?${variables.join(",")}}`;
  return dialect === "hydra"
    ? {
        "hydra:search": {
          "@type": "hydra:IriTemplate",
          "hydra:template": template,
          "hydra:variableRepresentation": "BasicRepresentation",
          "hydra:mapping": mapping,
        },
      }
    : {
        search: {
          "@type": "IriTemplate",
          template,
          variableRepresentation: "BasicRepresentation",
          mapping,
        },
      };
}
