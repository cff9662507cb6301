import Foundation
import HeraldCLI

exit(HeraldCLI.run(Array(CommandLine.arguments.dropFirst())))
