import ArgumentParser
import CatalogKit

struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "Design tokens (DTCG files): add token sets, list, show and export their tokens.",
        discussion: """
            A token set is a DTCG (2025.10) file, versioned as components are. Definitions reference \
            a token where they take a duration, a delay or a timing function: \
            duration: "{motion.duration.moderate-01}".
            """,
        subcommands: [TokensAdd.self, TokensList.self, TokensShow.self, TokensExport.self])
}
